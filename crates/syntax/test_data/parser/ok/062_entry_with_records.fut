-- Entry points taking and returning records and tuples.
type stats = {count: i64, total: f64}
entry summarise (xs: []f64) : stats = {count = length xs, total = f64.sum xs}
entry unpack ({count, total}: stats) : (i64, f64) = (count, total)
entry mean (s: stats) = s.total / f64.i64 s.count
