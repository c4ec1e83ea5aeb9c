-- Opening a module locally for a single expression.
module geometry = {
  def scale = 2.0f32
  def area (r: f32) = 3.0 * r * r
}
def big_area = geometry.(area scale)
def hyp (a: f32) (b: f32) = f32.(sqrt (a * a + b * b))
