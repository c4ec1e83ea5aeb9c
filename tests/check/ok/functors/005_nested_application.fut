-- Applying a functor to the result of another application.
-- ==
module type num = { val n : i32 }
module succ (X: num) : num = { def n = X.n + 1 }
module three = succ (succ (succ { def n = 0i32 }))
def r = three.n
