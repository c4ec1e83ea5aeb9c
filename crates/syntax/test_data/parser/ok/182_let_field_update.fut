-- In-place style updates of record fields.
type state = {count: i32, inner: {hits: i32, misses: i32}}
def tick (s: state) : state =
  let s.count = s.count + 1
  in s
def hit (s: state) : state =
  let s.inner.hits = s.inner.hits + 1
  in s
def elem_field (ps: *[](i32, i32)) = let ps[0].1 = 5 in ps
