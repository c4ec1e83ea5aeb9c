-- Size coercion with :> to a size in scope.
-- ==
def concat_to [a] [b] (m: i64) (xs: [a]i32) (ys: [b]i32) : [m]i32 =
  xs ++ ys :> [m]i32
