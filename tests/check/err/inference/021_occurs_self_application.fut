-- A function applied to itself would need a type containing itself.
-- ==
-- error: Occurs check
def selfish g = g g
