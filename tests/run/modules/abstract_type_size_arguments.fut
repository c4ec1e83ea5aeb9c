-- A size parameter given by an abstract type's size argument.
-- ==
-- input { true } output { 2i64 }

module type sequence = {
  type seq [n]
  val make : bool -> seq []
}

module bools : sequence = {
  type seq [n] = [n]bool
  def make (b: bool) = [b, !b]
}

def main b =
  let length_of [n] (_: bools.seq [n]) = n
  in length_of (bools.make b)
