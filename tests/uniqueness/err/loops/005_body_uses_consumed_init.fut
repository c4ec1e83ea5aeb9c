-- A loop body may not use a variable its initial value consumes.
-- ==
-- error: (?s)Loop body uses variable "xs" \(or an alias\),.*consumed by the initial loop argument
-- related: on entry to the loop

def main (n: i64) (xs: *[]i32) : []i32 =
  loop acc = xs for i < n do
    acc with [i] = xs[0]
