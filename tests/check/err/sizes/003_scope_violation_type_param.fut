-- A local function's type parameter may not become the type of a
-- variable bound outside it.
-- ==
-- error: depend on "t" \(scope violation\)
def h z =
  let pick 't (v: t) = if true then v else z
  in pick
