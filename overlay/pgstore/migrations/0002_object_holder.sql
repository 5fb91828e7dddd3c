-- Objects in a player's inventory name their holder in a column, so that the puzzle items one player carries are
-- found without reading every object (a player who arrives from another server gets theirs). The column is filled
-- from the records already stored: where.kind 2 is InInventory, where.player the holder.
ALTER TABLE puzzle_objects ADD COLUMN holder uuid;

UPDATE puzzle_objects SET holder = (record -> 'where' ->> 'player')::uuid
    WHERE record -> 'where' ->> 'kind' = '2' AND record -> 'where' ->> 'player' IS NOT NULL;

CREATE INDEX puzzle_objects_holder ON puzzle_objects (holder) WHERE holder IS NOT NULL;
