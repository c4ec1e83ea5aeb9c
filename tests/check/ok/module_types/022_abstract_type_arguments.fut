-- Uses of a parametric abstract type agree when their arguments do,
-- also arguments that are themselves applied abstract types.
-- ==
module type stacks = {
  type stack [n] 't
  val push [n] 't : t -> stack [n] t -> stack [n] t
  val depth [n] 't : stack [n] t -> i64
}

module S : stacks = {
  type stack [n] 't = ([n]t, i64)
  def push [n] 't (x: t) ((xs, k): stack [n] t) : stack [n] t =
    if k < n then (copy xs with [k] = x, k + 1) else (xs, k)
  def depth [n] 't ((_, k): stack [n] t) = k
}

def push_both [n] [m] (x: i32) (s: S.stack [n] i32) (ss: S.stack [m] (S.stack [n] i32)) =
  (S.push x s, S.push (S.push x s) ss)

def depths [n] [m] (s: S.stack [n] i32, ss: S.stack [m] (S.stack [n] i32)) : (i64, i64) =
  (S.depth s, S.depth ss)
