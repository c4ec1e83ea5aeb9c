-- Using a module's operator through a qualified section and local open.
-- ==
module ops = {
  def (<+>) (a: i32) (b: i32) = a + 2 * b
}
def r = ops.(1 <+> 2)
def s = reduce (ops.<+>) 0 [1, 2, 3]
