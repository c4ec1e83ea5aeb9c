-- A module specification nested in a module type sees the enclosing
-- module type's types (`with t = t`, `sealed [n]`), and a refinement of the
-- enclosing module type reaches into it (`with inner.t = E.t`), also when
-- the module is made by applying a parametric module.
-- ==
-- input { 3i64 } output { 6i64 3i64 }

module type bag = {
  type t
  type~ bag [n]
  val make : (n: i64) -> t -> bag [n]
  val total [n] : bag [n] -> t
}

module type bags = {
  type t
  type~ sealed [n]
  module open_bags : {
    include bag with t = t with bag [n] = sealed [n]
  }
  val count [n] : sealed [n] -> i64
}

module mk_bags (E: {type t val add : t -> t -> t val zero : t}) : bags with t = E.t = {
  type t = E.t
  module open_bags = {
    type t = E.t
    type~ bag [n] = ?[k].{size: [n](), items: [k]t}
    def make (n: i64) (x: t) : bag [n] = {size = replicate n (), items = replicate n x}
    def total [n] (b: bag [n]) = reduce E.add E.zero b.items
  }
  type~ sealed [n] = open_bags.bag [n]
  def count [n] (_: sealed [n]) = n
}

module int_bags = mk_bags {type t = i64 def add = (i64.+) def zero = 0i64}
module b = int_bags.open_bags

module type has_inner = {
  module inner : { type t val one : t }
}

module wrap (E: { type t val one : t }) : has_inner with inner.t = E.t = {
  module inner = E
}

module wrapped = wrap { type t = i64 def one = 1i64 }

entry main (n: i64) : (i64, i64) =
  let bag = b.make n 2
  in (b.total bag, int_bags.count bag * wrapped.inner.one)
