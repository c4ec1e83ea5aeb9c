-- Matching on integer, float and boolean literals.
def describe (n: i32) : i32 =
  match n
  case 0 -> 100
  case 1 -> 200
  case _ -> 0
def from_float (x: f32) = match x case 0.5 -> 1 case 1.0f32 -> 2 case _ -> 3
def from_suffixed (x: u8) = match x case 255u8 -> true case _ -> false
