"""Questions asked of the state and the map without changing them: the map oracle, the move
and attack previews, what changed in a command, what a combatant may do, who may see what."""
