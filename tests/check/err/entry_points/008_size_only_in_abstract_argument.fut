-- An abstract type may ignore its type arguments, so a size that occurs
-- only inside one is not determined by the entry point's arguments.
-- ==
-- error: Entry point size parameter \[k\] only used non-constructively

module boxed : {
  type box 'a
  val wrap 'a : a -> box a
} = {
  type box 'a = a
  def wrap x = x
}

entry count [k] (_: boxed.box ([k]f64)) : i64 = k
