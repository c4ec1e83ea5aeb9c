-- A record literal defines the same field twice.
-- ==
-- error: Field "a" previously defined
def r = {a = 1i32, b = 2i32, a = 3i32}
