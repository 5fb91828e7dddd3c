-- Object ids by server: in a world split into regions several servers make objects at once, so each server, as it
-- starts, takes a block of 2^32 ids of its own from this sequence (pgstore/ids.go) instead of counting on from
-- the one next-id counter, which stays for a world of one region. A block is never handed out twice.
CREATE SEQUENCE riddlestone_id_blocks START 1;
