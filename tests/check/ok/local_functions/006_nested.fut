-- A local function defined inside another local function.
-- ==
def r (z: i32) =
  let outer (x: i32) =
    let inner (y: i32) = x * y + z
    in inner (x + 1)
  in outer 3
