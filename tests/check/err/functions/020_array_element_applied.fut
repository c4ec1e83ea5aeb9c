-- A value put in an array cannot later turn out to be a function.
-- ==
-- error: found to be functional

def both g = ([g], g 1i32)
