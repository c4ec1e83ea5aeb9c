-- A sorting functor instantiated with ascending, descending and lexicographic
-- orders; a functor of two arguments.
-- ==
-- entry: main
-- input { [3i32, 1i32, 2i32] }
-- output { [1i32, 2i32, 3i32] [3i32, 2i32, 1i32] }
-- input { [5i32, -1i32, 5i32, 0i32] }
-- output { [-1i32, 0i32, 5i32, 5i32] [5i32, 5i32, 0i32, -1i32] }
-- input { empty([0]i32) }
-- output { empty([0]i32) empty([0]i32) }

-- ==
-- entry: pairs
-- input { [2i32, 1i32, 2i32, 1i32] [5i32, 9i32, 3i32, 9i32] }
-- output { [1i32, 1i32, 2i32, 2i32] [9i32, 9i32, 3i32, 5i32] }

-- ==
-- entry: two_args
-- input { 0i32 }
-- output { 1i32 0.5f32 }
-- input { 3i32 }
-- output { 4i32 2.0f32 }

-- A functor taking a module with a type and a value, returning a module
-- with a type; two-argument functors; module-level type parameters.
module type ordered = {
  type t
  val lt : t -> t -> bool
}

module sorting (O: ordered) = {
  -- Insertion sort of the indices (so that no element of the abstract type
  -- is ever consumed), then a gather.
  def sort [n] (xs: [n]O.t) : [n]O.t =
    let perm =
      loop p = iota n for i < n do
        let (p, _) =
          loop (p, j) = (p, i) while j > 0 && O.lt xs[p[j]] xs[p[j - 1]] do
            let a = p[j]
            let b = p[j - 1]
            in (p with [j] = b with [j - 1] = a, j - 1)
        in p
    in map (\i -> xs[i]) perm
}

module int_sort = sorting { type t = i32 def lt (a: i32) (b: i32) = a < b }
module desc_sort = sorting { type t = i32 def lt (a: i32) (b: i32) = a > b }
module pair_sort = sorting { type t = (i32, i32) def lt (a: t) (b: t) = a.0 < b.0 || (a.0 == b.0 && a.1 < b.1) }

def main (xs: []i32) = (int_sort.sort xs, desc_sort.sort xs)

entry pairs (xs: []i32) (ys: []i32) = unzip (pair_sort.sort (zip xs ys))

module type num = { type t val add : t -> t -> t val one : t }

module pairwise (A: num) (B: num) = {
  type t = (A.t, B.t)
  def one : t = (A.one, B.one)
  def add (x: t) (y: t) : t = (A.add x.0 y.0, B.add x.1 y.1)
}

module ip = pairwise { type t = i32 def add = (i32.+) def one = 1i32 } { type t = f32 def add = (f32.+) def one = 0.5f32 }

entry two_args (n: i32) = loop acc = ip.one for _i < n do ip.add acc ip.one
