-- A parametric module written as a module-level lambda.
-- ==
module type s = { val k : i32 }
module twice = \(X: s) -> { def k = X.k * 2 }
module t = twice { def k = 21i32 }
def r = t.k
