-- `#[param(name)] e` makes a tuning parameter of an `i64` expression:
-- compiled programs read its value from a tuning file beside the
-- program (`tuning_params.fut.tuning` sets `factor`), else use `e`.
-- ==
-- entry: scaled
-- compiled input { 5i64 } output { 15i64 }

entry scaled (x: i64) = x * #[param(factor)] (x - 3)

-- ==
-- entry: unset
-- input { [1i64, 2i64] } output { [5i64, 6i64] }

entry unset (xs: []i64) = map (\x -> x + #[param(offset)] 4) xs

-- ==
-- entry: not_i64
-- input { 1i32 } output { 3i32 }

entry not_i64 (x: i32) = #[param(ignored)] (x + 2)
