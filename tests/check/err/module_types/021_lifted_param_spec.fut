-- A polymorphic function whose type parameter may not be a function does
-- not implement one specified with a lifted type parameter.
-- ==
-- error: Module type specifies val apply '\^f : f -> f
module m : { val apply '^f : f -> f } = {
  def apply 'g (x: g) = [x][0]
}
