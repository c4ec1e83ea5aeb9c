-- The empty record type and value.
-- ==
def nothing : {} = {}
def keep (_: {}) (x: i32) = x
def r = keep {} 3
