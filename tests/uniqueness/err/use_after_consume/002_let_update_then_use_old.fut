-- `let xs[i] = v` consumes the old `xs`; a copy made by `let` before is an alias.
-- ==
-- error: Using variable "xs", but this was consumed
-- related: consumed here
-- related: "old" is bound here

def main (xs: *[]i32) : i32 =
  let old = xs
  let xs[0] = 7
  in old[0] + xs[0]
