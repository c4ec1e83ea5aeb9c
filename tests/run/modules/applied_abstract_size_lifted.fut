-- A size-lifted abstract type of an applied parametric module's result
-- module type: values of it made with different hidden sizes all have the
-- type, so a local function may take two of them.
-- ==
-- input { 3i64 } output { 10i64 }
-- input { 0i64 } output { 4i64 }

module type sparse_vec = {
  type elem
  type~ vec [n]
  val from_pairs [k] : (n: i64) -> [k](i64, elem) -> vec [n]
  val dot [n] : vec [n] -> vec [n] -> elem
  val nonzeros [n] : vec [n] -> i64
}

module mk_sparse_vec (E: {type t val zero : t val mul : t -> t -> t val add : t -> t -> t})
  : sparse_vec with elem = E.t = {
  type elem = E.t
  type~ vec [n] = ?[k].{len: [n](), idx: [k]i64, vals: [k]elem}

  def from_pairs [k] (n: i64) (pairs: [k](i64, elem)) : vec [n] =
    {len = replicate n (), idx = map (.0) pairs, vals = map (.1) pairs}

  def at [n] (v: vec [n]) (i: i64) : elem =
    loop acc = E.zero for j < length v.idx do
      if v.idx[j] == i then E.add acc v.vals[j] else acc

  def dot [n] (a: vec [n]) (b: vec [n]) : elem =
    loop acc = E.zero for j < length a.idx do
      E.add acc (E.mul a.vals[j] (at b a.idx[j]))

  def nonzeros [n] (v: vec [n]) = length v.idx
}

module ivec = mk_sparse_vec {type t = i64 def zero = 0i64 def mul = (i64.*) def add = (i64.+)}

entry main (x: i64) =
  let both (a: ivec.vec [4]) (b: ivec.vec [4]) : i64 =
    ivec.dot a b + ivec.nonzeros a + ivec.nonzeros b
  let one = ivec.from_pairs 4 [(1, 2i64)]
  let three = ivec.from_pairs 4 [(0, 1i64), (1, x), (3, 5i64)]
  in both one three
