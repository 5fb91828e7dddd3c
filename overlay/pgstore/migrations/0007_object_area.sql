-- The objects of an area are found by an index on the area their record names, so that a server following the
-- areas another server changed (LoadAreas, up to ten times a second while that server's players move) reads the
-- objects of those areas, not every object of the world.
CREATE INDEX puzzle_objects_area ON puzzle_objects ((record ->> 'Area'));
