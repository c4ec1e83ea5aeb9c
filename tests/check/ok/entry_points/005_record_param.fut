-- An entry point taking and returning a record.
-- ==
type conf = {iters: i32, rate: f64}
entry slower (c: conf) : conf = c with rate = c.rate / 2
