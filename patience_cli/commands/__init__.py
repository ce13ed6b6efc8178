"""The commands of ``patience``, by what they serve: playing (:mod:`.play`),
studying (:mod:`.study`), saved games and scripts (:mod:`.scripting`),
printing (:mod:`.sheets`); :mod:`.app` holds what they share.  A command's
module is imported when the command is run (:func:`.app.load_commands`): a
player's 'patience move 3 1' pays only for the commands that play."""
