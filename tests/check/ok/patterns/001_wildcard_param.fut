-- Wildcard parameters ignore their argument.
-- ==
def keep (x: i32) (_: bool) = x
def always_one _ = 1i32
def r = keep (always_one 'q') true
