-- Leases: which server owns the puzzles of a region (docs/network.md). A server takes a region's lease before it
-- loads the region's state, renews it while it runs, and every commit checks it in the same transaction
-- (riddlestone_fence), so a server whose lease another server took writes nothing more. For now the whole world
-- is one region, 'world'.
CREATE TABLE riddlestone_leases (
    region      text        PRIMARY KEY,
    holder      text,                          -- the server holding the lease, in words; NULL once released
    epoch       bigint      NOT NULL,          -- raised at every change of holder: the fencing token
    commit_seq  bigint      NOT NULL DEFAULT 0, -- the last commit made under the lease, to tell one in doubt
    acquired_at timestamptz NOT NULL DEFAULT now(),
    renewed_at  timestamptz NOT NULL DEFAULT now(),
    expires_at  timestamptz NOT NULL
);

-- riddlestone_fence is the first statement of every commit: it locks the region's lease row until the commit
-- ends and raises RS001 (rolling the whole commit back) unless the lease is still the one taken at epoch p_epoch.
-- Epoch 0 is a writer without a lease (a tool): it may write only while no server holds the lease, and fences
-- out a holder whose lease ran out.
CREATE FUNCTION riddlestone_fence(p_region text, p_epoch bigint, p_seq bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
    l riddlestone_leases%ROWTYPE;
BEGIN
    SELECT * INTO l FROM riddlestone_leases WHERE region = p_region FOR UPDATE;
    IF p_epoch = 0 THEN
        IF FOUND AND l.holder IS NOT NULL THEN
            IF l.expires_at > now() THEN
                RAISE EXCEPTION USING ERRCODE = 'RS001',
                    MESSAGE = format('the puzzles of region %s are held by %s', p_region, l.holder);
            END IF;
            UPDATE riddlestone_leases SET holder = NULL, epoch = l.epoch + 1 WHERE region = p_region;
        END IF;
        RETURN;
    END IF;
    IF NOT FOUND OR l.epoch <> p_epoch OR l.holder IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'RS001',
            MESSAGE = format('the lease of region %s taken at epoch %s is no longer held', p_region, p_epoch);
    END IF;
    UPDATE riddlestone_leases SET commit_seq = p_seq WHERE region = p_region;
END
$$;
