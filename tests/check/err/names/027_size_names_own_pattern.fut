-- A parameter's type cannot see the names its own pattern binds: `n`
-- below is no size in scope.
-- ==
-- error: Unknown name "n"

def main (n: i64, xs: [n]i32) : i32 = xs[0]
