-- `#[unsafe]` leaves out the assertions of the expression it marks, also
-- those of functions inlined into it; elsewhere they stay.
-- ==
-- entry: unchecked
-- input { 3 } output { 1 }
-- input { 4 } output { 2 }

-- ==
-- entry: checked
-- input { 3 } error: Assertion is false: x % 2 == 0
-- input { 4 } output { 2 }

def half (x: i32) = assert (x % 2 == 0) (x / 2)

entry unchecked (x: i32) = #[unsafe] half x

entry checked (x: i32) = half x
