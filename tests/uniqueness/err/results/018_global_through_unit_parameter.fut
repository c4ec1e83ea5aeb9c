-- A function with a unit parameter returning a global.
-- ==
-- error: aliases the free variable "table"

def table = ([1, 2, 3], 0i32)

def get () = table
