-- A top-level constant cannot have a unique type.
-- ==
-- error: A top-level constant cannot have a unique type

def buffer : *[]i32 = replicate 10 0
