"""The full screen of 'patience play --tui', on Textual: the board as 'patience
show' draws it, the legal moves beside it, a command line under it.

:mod:`.table` runs every action as the shell's own command, through the batch
grammar of 'patience play', on the same saved game (so the screen and the shell
take turns on one game, and a move goes through the engine's one door);
:mod:`.board_view` turns the board's lines into text whose piles answer a
click; :mod:`.screen` is the Textual app.  Textual is imported by this mode
only.
"""
