-- | Combinators whose result size depends on the data: selecting
-- elements by a predicate, regrouping them by predicates, and mapping
-- with a function that produces a variable number of results.
--
-- Each is built from `map`, `scan` and `scatter`, and preserves the
-- original order of the elements within every group it produces.

import "soacs"
import "array"

-- 1 for true, 0 for false.
local def one_if (b: bool) : i64 = if b then 1 else 0

-- | `filter p xs` is the elements of `xs` for which `p` holds, in
-- their original order.
--
-- Cost: work O(n · W(p)), span O(log(n) · W(p)).
def filter [n] 'a (p: a -> bool) (xs: [n]a) : *[]a =
  let keep = map p xs
  -- How many elements are kept up to and including each position.
  let kept = scan (+) 0 (map one_if keep)
  let total = if n == 0 then 0 else kept[n - 1]
  let dest = map2 (\k c -> if k then c - 1 else -1) keep kept
  let out = scatter (#[scratch] copy xs) dest xs
  in out[:total]

-- | `partition p xs` splits `xs` into the elements for which `p`
-- holds and those for which it does not, each group in its original
-- order.
--
-- Cost: work O(n · W(p)), span O(log(n) · W(p)).
def partition [n] 'a (p: a -> bool) (xs: [n]a) : ?[k].([k]a, [n - k]a) =
  let yes = map p xs
  -- How many elements satisfy `p` up to and including each position.
  let seen = scan (+) 0 (map one_if yes)
  let total = if n == 0 then 0 else seen[n - 1]
  -- An element that fails `p` at position `i` is preceded by
  -- `i - c` other failing elements, where `c` is its entry in `seen`.
  let dest = map3 (\y c i -> if y then c - 1 else total + i - c) yes seen (iota n)
  let out = scatter (#[scratch] copy xs) dest xs
  in (out[0:total], out[total:] :> [n - total]a)

-- | `partition2 p q xs` splits `xs` into three groups: the elements
-- satisfying `p`, those satisfying `q` but not `p`, and the rest.
-- Each group keeps its original order.
--
-- Cost: work O(n · (W(p) + W(q))), span O(log(n) · (W(p) + W(q))).
def partition2 [n] 'a (p: a -> bool) (q: a -> bool) (xs: [n]a) : ?[k][l].([k]a, [l]a, [n - k - l]a) =
  -- The group of each element: 0, 1 or 2.
  let group = map (\x -> if p x then 0i64 else if q x then 1 else 2) xs
  let add (a0: i64, a1: i64) (b0: i64, b1: i64) = (a0 + b0, a1 + b1)
  -- How many elements of group 0 and of group 1 occur up to and
  -- including each position.
  let seen = scan add (0, 0) (map (\g -> (one_if (g == 0), one_if (g == 1))) group)
  let (size0, size1) = if n == 0 then (0, 0) else seen[n - 1]
  let place g (c0, c1) i =
    if g == 0 then c0 - 1
    else if g == 1 then size0 + c1 - 1
    else size0 + size1 + i - c0 - c1
  let dest = map3 place group seen (iota n)
  let out = scatter (#[scratch] copy xs) dest xs
  in ( out[0:size0]
     , out[size0:size0 + size1] :> [size1]a
     , out[size0 + size1:] :> [n - size0 - size1]a
     )

-- Given the lengths of `n` consecutive segments that together hold
-- `m` elements: a flag array marking the first element of every
-- non-empty segment, and the offset at which each segment starts.
local def segment_layout [n] (m: i64) (lengths: [n]i64) : ([m]bool, [n]i64) =
  let offsets = exscan (+) 0 lengths
  let firsts = map2 (\len off -> if len > 0 then off else -1) lengths offsets
  in (spread m false firsts (replicate n true), offsets)

-- | `flatmap f xs` applies `f` to every element of `xs`.  Each
-- application yields an array of any length (a *segment*) together
-- with one further value.  The result describes the segments as one
-- flat, irregular array:
--
-- 1. the length of each segment (these add up to `m`);
--
-- 2. `m` flags, true exactly at the first element of each non-empty
--    segment;
--
-- 3. the offset in the flat array at which each segment starts;
--
-- 4. the `m` elements of all segments, one segment after another;
--
-- 5. the further value produced for each element of `xs`.
def flatmap [n] 'a 'b 'c (f: a -> ?[k].([k]b, c)) (xs: [n]a) : ?[m].([n]i64, [m]bool, [n]i64, [m]b, [n]c) =
  let [m] (lengths: [n]i64, elems: [m]b, extras: [n]c) = intrinsics.flatmap f xs
  let (flags, offsets) = segment_layout m lengths
  in (lengths, flags, offsets, elems, extras)

-- | Like `flatmap`, for a function that yields only a segment; the
-- result therefore lacks the fifth component.
def flatmap' [n] 'a 'b (f: a -> ?[k].[k]b) (xs: [n]a) : ?[m].([n]i64, [m]bool, [n]i64, [m]b) =
  let [m] (lengths: [n]i64, elems: [m]b, _: [n]()) = intrinsics.flatmap (\x -> (f x, ())) xs
  let (flags, offsets) = segment_layout m lengths
  in (lengths, flags, offsets, elems)
