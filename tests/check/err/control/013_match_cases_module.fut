-- A module member's match has cases of array and scalar type.
-- ==
-- error: Cases of match-expression differ in type
module m = {
  def f (x: u8) = match x case 0 -> [1u8] case _ -> x
}
