-- The puzzle state of one world, as the LevelDB store keeps it under area/, object/, cleared/, intent/ and
-- next-id: each record is the JSON the overlay writes (json, not jsonb, keeps it byte for byte), keyed by columns.
CREATE TABLE puzzle_areas (
    x      integer NOT NULL,
    z      integer NOT NULL,
    record json    NOT NULL,
    PRIMARY KEY (x, z)
);

CREATE TABLE puzzle_objects (
    id     bigint PRIMARY KEY,
    record json   NOT NULL
);

-- Puzzle blocks taken out of the world whose chunks the world has not saved yet.
CREATE TABLE puzzle_cleared (
    x      integer NOT NULL,
    y      integer NOT NULL,
    z      integer NOT NULL,
    record json    NOT NULL,
    PRIMARY KEY (x, y, z)
);

-- Work decided and not done yet: one intent of a kind per area.
CREATE TABLE puzzle_intents (
    kind   text    NOT NULL,
    x      integer NOT NULL,
    z      integer NOT NULL,
    record json    NOT NULL,
    PRIMARY KEY (kind, x, z)
);

-- Counters by name: next-id is the next free object id.
CREATE TABLE puzzle_counters (
    name  text   PRIMARY KEY,
    value bigint NOT NULL
);
