-- A local function is used outside the let that defines it.
-- ==
-- error: Unknown name "helper"
def f (x: i32) = (let helper (y: i32) = y + 1 in helper x) + helper 2
