-- | The second-order array combinators (SOACs): the data-parallel
-- building blocks that the compiler knows how to run in parallel.
--
-- Costs are given as *work* (total operations) and *span* (length of
-- the longest chain of dependent operations).  For a function
-- argument `f`, *W(f)* and *S(f)* stand for the largest work and span
-- of one application of `f`.  Equal asymptotic costs can still hide
-- very different constant factors: a `scan` is considerably more
-- expensive than a `reduce` of the same array.
--
-- Several combinators take an operator `op` with a neutral element
-- `ne`.  The operator must be *associative*, meaning
-- `op (op x y) z == op x (op y z)`, and `ne` must be *neutral*,
-- meaning `op ne x == x == op x ne`.  Some combinators further
-- require `op` to be *commutative*, meaning `op x y == op y x`.  If
-- these laws do not hold, the result is unspecified (it may differ
-- between backends and runs).

-- Every combinator here is a thin layer over the `intrinsics`
-- module, or built from other combinators in this file.

-- An array of `k` copies of `x`.  (The public `replicate` lives in
-- "array", which is built on top of this file.)
local def fill 't (k: i64) (x: t) : *[k]t =
  intrinsics.map (\_ -> x) (intrinsics.iota k)

-- The position of index `(i, j)` in the row-major flattening of a
-- `k` by `m` array, or -1 if the index is out of bounds.
local def flat_index_2d (k: i64) (m: i64) (i: i64, j: i64) : i64 =
  if 0 <= i && i < k && 0 <= j && j < m then i * m + j else -1

-- The position of index `(i, j, l)` in the row-major flattening of a
-- `k` by `m` by `o` array, or -1 if the index is out of bounds.
local def flat_index_3d (k: i64) (m: i64) (o: i64) (i: i64, j: i64, l: i64) : i64 =
  if 0 <= i && i < k && 0 <= j && j < m && 0 <= l && l < o
  then (i * m + j) * o + l
  else -1

-- * Mapping

-- | `map f xs` applies `f` to every element of `xs`, giving an array
-- of the results in the same order.
--
-- Cost: work O(n · W(f)), span O(S(f)).
def map 'a [n] 'x (f: a -> x) (xs: [n]a) : *[n]x =
  intrinsics.map f xs

-- | The same as `map`; the name makes the arity explicit, matching
-- `map2` to `map5`.
--
-- Cost: work O(n · W(f)), span O(S(f)).
def map1 'a [n] 'x (f: a -> x) (xs: [n]a) : *[n]x =
  map f xs

-- | Pair up the elements of two arrays of the same length.
--
-- Cost: work O(n), span O(1), and usually free in practice.
def zip [n] 'a 'b (xs: [n]a) (ys: [n]b) : *[n](a, b) =
  intrinsics.zip xs ys

-- | Split an array of pairs into the array of first components and
-- the array of second components.
--
-- Cost: work O(n), span O(1), and usually free in practice.
def unzip [n] 'a 'b (xys: [n](a, b)) : ([n]a, [n]b) =
  intrinsics.unzip xys

-- | `map2 f xs ys` applies `f` to corresponding elements of two
-- arrays of the same length.
--
-- Cost: work O(n · W(f)), span O(S(f)).
def map2 'a 'b [n] 'x (f: a -> b -> x) (xs: [n]a) (ys: [n]b) : *[n]x =
  map (\(x, y) -> f x y) (zip xs ys)

-- | Like `map2`, but over three arrays.
--
-- Cost: work O(n · W(f)), span O(S(f)).
def map3 'a 'b 'c [n] 'x (f: a -> b -> c -> x) (xs: [n]a) (ys: [n]b) (zs: [n]c) : *[n]x =
  map2 (\x (y, z) -> f x y z) xs (zip ys zs)

-- | Like `map2`, but over four arrays.
--
-- Cost: work O(n · W(f)), span O(S(f)).
def map4 'a 'b 'c 'd [n] 'x (f: a -> b -> c -> d -> x) (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) : *[n]x =
  map3 (\x y (z, w) -> f x y z w) xs ys (zip zs ws)

-- | Like `map2`, but over five arrays.
--
-- Cost: work O(n · W(f)), span O(S(f)).
def map5 'a 'b 'c 'd 'e [n] 'x (f: a -> b -> c -> d -> e -> x) (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) (vs: [n]e) : *[n]x =
  map4 (\x y z (w, v) -> f x y z w v) xs ys zs (zip ws vs)

-- | The same as `zip`.
def zip2 [n] 'a 'b (xs: [n]a) (ys: [n]b) : *[n](a, b) =
  zip xs ys

-- | Combine three arrays of the same length into an array of triples.
def zip3 [n] 'a 'b 'c (xs: [n]a) (ys: [n]b) (zs: [n]c) : *[n](a, b, c) =
  map3 (\x y z -> (x, y, z)) xs ys zs

-- | Combine four arrays of the same length into an array of 4-tuples.
def zip4 [n] 'a 'b 'c 'd (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) : *[n](a, b, c, d) =
  map4 (\x y z w -> (x, y, z, w)) xs ys zs ws

-- | Combine five arrays of the same length into an array of 5-tuples.
def zip5 [n] 'a 'b 'c 'd 'e (xs: [n]a) (ys: [n]b) (zs: [n]c) (ws: [n]d) (vs: [n]e) : *[n](a, b, c, d, e) =
  map5 (\x y z w v -> (x, y, z, w, v)) xs ys zs ws vs

-- | The same as `unzip`.
def unzip2 [n] 'a 'b (xys: [n](a, b)) : ([n]a, [n]b) =
  unzip xys

-- | Split an array of triples into three arrays.
def unzip3 [n] 'a 'b 'c (tuples: [n](a, b, c)) : ([n]a, [n]b, [n]c) =
  let (xs, rest) = unzip (map (\(x, y, z) -> (x, (y, z))) tuples)
  let (ys, zs) = unzip rest
  in (xs, ys, zs)

-- | Split an array of 4-tuples into four arrays.
def unzip4 [n] 'a 'b 'c 'd (tuples: [n](a, b, c, d)) : ([n]a, [n]b, [n]c, [n]d) =
  let (xs, rest) = unzip (map (\(x, y, z, w) -> (x, (y, z, w))) tuples)
  let (ys, zs, ws) = unzip3 rest
  in (xs, ys, zs, ws)

-- | Split an array of 5-tuples into five arrays.
def unzip5 [n] 'a 'b 'c 'd 'e (tuples: [n](a, b, c, d, e)) : ([n]a, [n]b, [n]c, [n]d, [n]e) =
  let (xs, rest) = unzip (map (\(x, y, z, w, v) -> (x, (y, z, w, v))) tuples)
  let (ys, zs, ws, vs) = unzip4 rest
  in (xs, ys, zs, ws, vs)

-- * Reductions and prefix sums

-- | `reduce op ne xs` combines all elements of `xs` with the
-- associative operator `op`, whose neutral element is `ne`; for an
-- empty array the result is `ne`.  The grouping of the applications
-- is unspecified.  When the elements are arrays, `ne` and every value
-- produced by `op` must have the same shape as the elements.
--
-- Cost: work O(n · W(op)), span O(log(n) · W(op)).
--
-- The span shows that parallelism *inside* `op` is not exploited.
def reduce [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : a =
  intrinsics.reduce op ne xs

-- | Like `reduce`, but additionally promises that `op` is
-- commutative, which allows a more efficient implementation.  The
-- compiler already knows this for the built-in arithmetic operators,
-- so it matters mostly for user-defined operators.
--
-- Cost: work O(n · W(op)), span O(log(n) · W(op)).
def reduce_comm [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : a =
  intrinsics.reduce_comm op ne xs

-- | Inclusive prefix sum: element `i` of `scan op ne xs` combines
-- `xs[0]` through `xs[i]` with `op`.  The requirements on `op` and
-- `ne` are those of `reduce`.
--
-- Cost: work O(n · W(op)), span O(log(n) · W(op)).
def scan [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : *[n]a =
  intrinsics.scan op ne xs

-- | Exclusive prefix sum: element `i` of `exscan op ne xs` combines
-- `xs[0]` through `xs[i-1]` with `op`, so element 0 is `ne`.  The
-- requirements on `op` and `ne` are those of `reduce`.
--
-- Cost: work O(n · W(op)), span O(log(n) · W(op)).
def exscan [n] 'a (op: a -> a -> a) (ne: a) (xs: [n]a) : *[n]a =
  let shifted = map (\i -> if i == 0 then ne else xs[i - 1]) (intrinsics.iota n)
  in scan op ne shifted

-- | Does `p` hold for every element?  True for an empty array.
--
-- Cost: work O(n · W(p)), span O(log(n) + S(p)).
def all [n] 'a (p: a -> bool) (xs: [n]a) : bool =
  reduce (\x y -> x && y) true (map p xs)

-- | Does `p` hold for at least one element?  False for an empty array.
--
-- Cost: work O(n · W(p)), span O(log(n) + S(p)).
def any [n] 'a (p: a -> bool) (xs: [n]a) : bool =
  reduce (\x y -> x || y) false (map p xs)

-- * Histograms

-- | `reduce_by_index dest op ne is vs` folds every value `vs[j]` into
-- bin `is[j]` of `dest` with `op`, and returns the updated `dest`.
-- Indices outside `dest` are ignored.  The operator must be
-- associative and commutative with neutral element `ne`, since the
-- values of a bin may be combined in any order.  Unlike `hist`, the
-- cost does not depend on the number of bins.
--
-- Cost: work O(n · W(op))
--
-- Span: O(n · W(op)) when every value goes to the same bin,
-- down to O(W(op)) when they are spread out.
def reduce_by_index 'a [k] [n] (dest: *[k]a) (op: a -> a -> a) (ne: a) (is: [n]i64) (vs: [n]a) : *[k]a =
  intrinsics.hist dest op ne is vs

-- | `reduce_by_index` on a two-dimensional `dest`, with indices given
-- as (row, column) pairs.  Indices outside `dest` are ignored.
--
-- Cost: work O(n · W(op))
--
-- Span: between O(W(op)) and O(n · W(op)), as for
-- `reduce_by_index`.
def reduce_by_index_2d 'a [k] [n] [m] (dest: *[k][m]a) (op: a -> a -> a) (ne: a) (is: [n](i64, i64)) (vs: [n]a) : *[k][m]a =
  let flat = reduce_by_index (intrinsics.flatten dest) op ne (map (flat_index_2d k m) is) vs
  in intrinsics.unflatten k m flat

-- | `reduce_by_index` on a three-dimensional `dest`, with indices
-- given as triples.  Indices outside `dest` are ignored.
--
-- Cost: work O(n · W(op))
--
-- Span: between O(W(op)) and O(n · W(op)), as for
-- `reduce_by_index`.
def reduce_by_index_3d 'a [k] [n] [m] [l] (dest: *[k][m][l]a) (op: a -> a -> a) (ne: a) (is: [n](i64, i64, i64)) (vs: [n]a) : *[k][m][l]a =
  let flat = reduce_by_index (intrinsics.flatten (intrinsics.flatten dest)) op ne (map (flat_index_3d k m l) is) vs
  in intrinsics.unflatten k m (intrinsics.unflatten (k * m) l flat)

-- | `hist op ne k is vs` builds a histogram of `k` bins: bin `i` is
-- the combination with `op` of every `vs[j]` for which `is[j] == i`,
-- and `ne` if there are none.  Indices outside `[0, k)` are ignored.
-- The operator must be associative and commutative with neutral
-- element `ne`.
--
-- Cost: work O(k + n · W(op))
--
-- Span: O(n · W(op)) when every value goes to the same bin,
-- down to O(W(op)) when they are spread out.
def hist 'a [n] (op: a -> a -> a) (ne: a) (k: i64) (is: [n]i64) (vs: [n]a) : *[k]a =
  reduce_by_index (fill k ne) op ne is vs

-- * Scattering

-- | `scatter dest is vs` writes each `vs[j]` to position `is[j]` of
-- `dest` and returns the updated `dest`.  Indices outside `dest` are
-- ignored.  If the same in-bounds index occurs more than once, it is
-- unspecified which of its values ends up in the result; use
-- `reduce_by_index` to combine them instead.
--
-- Cost: work O(n), span O(1).
def scatter 't [k] [n] (dest: *[k]t) (is: [n]i64) (vs: [n]t) : *[k]t =
  intrinsics.scatter dest is vs

-- | `scatter` on a two-dimensional `dest`, with indices given as
-- (row, column) pairs.
--
-- Cost: work O(n), span O(1).
def scatter_2d 't [k] [n] [l] (dest: *[k][n]t) (is: [l](i64, i64)) (vs: [l]t) : *[k][n]t =
  let flat = scatter (intrinsics.flatten dest) (map (flat_index_2d k n) is) vs
  in intrinsics.unflatten k n flat

-- | `scatter` on a three-dimensional `dest`, with indices given as
-- triples.
--
-- Cost: work O(n), span O(1).
def scatter_3d 't [k] [n] [o] [l] (dest: *[k][n][o]t) (is: [l](i64, i64, i64)) (vs: [l]t) : *[k][n][o]t =
  let flat = scatter (intrinsics.flatten (intrinsics.flatten dest)) (map (flat_index_3d k n o) is) vs
  in intrinsics.unflatten k n (intrinsics.unflatten (k * n) o flat)

-- | `spread k x is vs` is an array of length `k` in which position
-- `is[j]` holds `vs[j]` and every position not named in `is` holds
-- `x`.  Out-of-bounds indices are ignored, and for duplicated indices
-- the same caveat as for `scatter` applies.
--
-- Cost: work O(k + n), span O(1).
def spread 't [n] (k: i64) (x: t) (is: [n]i64) (vs: [n]t) : *[k]t =
  scatter (fill k x) is vs
