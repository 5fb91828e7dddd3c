-- Players' data: what Dragonfly keeps of a player between sessions (position, rotation, health, food, experience,
-- game mode, effects, dimension, and the inventory, armour, off hand and ender chest with every item's NBT), so
-- that every server of a network reads and writes the same (docs/network.md). A server writes a player's row when
-- they leave it; data is the JSON of that (overlay/pgstore/playerdata.go), kept as written.
CREATE TABLE riddlestone_players (
    uuid       uuid        PRIMARY KEY,
    name       text        NOT NULL,          -- the player's name when last saved, for admins
    data       json        NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now(),
    server     text                            -- the server the player is on (set when it loads them, cleared when
                                               -- it saves them as they leave), or moving to; NULL: on none
);
