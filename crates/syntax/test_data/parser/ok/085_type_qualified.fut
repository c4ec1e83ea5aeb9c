-- Types referenced through module paths.
module shapes = {
  type point = {x: f32, y: f32}
  module deep = { type id = i64 }
}
type pt = shapes.point
def ident : shapes.deep.id = 4
def pts : []shapes.point = []
