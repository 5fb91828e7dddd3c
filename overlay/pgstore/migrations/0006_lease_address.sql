-- The address players reach a region's server at, kept with its lease: a server transfers a player who walks into
-- a region another server holds to that server's address (Bedrock's Transfer packet; docs/network.md).
ALTER TABLE riddlestone_leases ADD COLUMN address text;
