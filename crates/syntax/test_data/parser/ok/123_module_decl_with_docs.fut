-- | A documented module with documented members.
module ring = {
  -- | The zero element.
  def zero = 0i64

  -- | The unit element.
  def one = 1i64

  -- | Addition.
  def add (a: i64) (b: i64) = a + b
}

-- | A documented module type.
module type ring_sig = {
  -- | Zero.
  val zero : i64
}
