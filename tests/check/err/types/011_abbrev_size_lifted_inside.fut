-- Using a size-lifted type makes an abbreviation size-lifted.
-- ==
-- error: may not contain size-lifted types
type~ ragged = []i64
type wrapped = {inner: ragged}
