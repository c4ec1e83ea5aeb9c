-- A local function's size parameter may not constrain a free variable.
-- ==
-- error: depend on "q" \(scope violation\)
def main (bs: []bool) =
  let both [q] (as': [q]bool) = map2 (&&) as' bs
  in both
