-- A size used only inside a type argument of an abstract type is not
-- told by the value: the abstract type need not hold arrays of it.
-- ==
-- error: Entry point size parameter \[k\] only used non-constructively

module tagged : {
  type tag 'a
  val make 'a : a -> tag a
} = {
  type tag 'a = i32
  def make _ = 0i32
}

entry count [k] (_: tagged.tag ([k]f32)) : i64 = k
