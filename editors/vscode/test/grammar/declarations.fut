-- SYNTAX TEST "source.futhark" "declarations, parameters and types"

  def add (x: i32) (y: i32) : i32 = x + y
--^^^ storage.type.futhark
--    ^^^ entity.name.function.futhark
--         ^ variable.parameter.futhark
--          ^ punctuation.separator.type.futhark
--            ^^^ support.type.primitive.futhark
--                  ^ variable.parameter.futhark
--                                ^ keyword.operator.assignment.futhark
--                                  ^ - variable.parameter.futhark

  entry main [n] 't (xs: [n]t) : *[n]t = copy xs
--^^^^^ storage.type.futhark
--      ^^^^ entity.name.function.futhark
--            ^ variable.parameter.size.futhark
--               ^ punctuation.definition.type-parameter.futhark
--                ^ entity.name.type.parameter.futhark
--                   ^^ variable.parameter.futhark
--                        ^ - variable.parameter.size.futhark
--                          ^ entity.name.type.futhark
--                               ^ keyword.operator.futhark

  def map2' 'a '^b '~c (f: a -> b) (g: b -> c) (x: a): c = g (f x)
--    ^^^^^ entity.name.function.futhark
--          ^^ entity.name.type.parameter.futhark - string.quoted.single.futhark
--             ^^ punctuation.definition.type-parameter.futhark
--               ^ entity.name.type.parameter.futhark
--                 ^^ punctuation.definition.type-parameter.futhark
--                   ^ entity.name.type.parameter.futhark
--                      ^ variable.parameter.futhark
--                         ^ entity.name.type.futhark
--                           ^^ keyword.operator.arrow.futhark
--                                                     ^ entity.name.type.futhark

  def (+^) (a: f32) (b: f32) = a + b
--     ^^ entity.name.function.futhark

  -- Parameters may span several lines, and the header ends at its '='.
  def multi (xs: []f64)
            (ys: []f64)
--           ^^ variable.parameter.futhark
            : f64 =
--            ^^^ support.type.primitive.futhark
--                ^ keyword.operator.assignment.futhark
    let total = 0
--  ^^^ keyword.other.futhark
--      ^^^^^ variable.other.definition.futhark
    let f (z: f64) = z * 2
--      ^ entity.name.function.futhark
--         ^ variable.parameter.futhark
    let xs'[0] = 1
--      ^^^ variable.other.definition.futhark
    in total

  def record_params {x, y = b} (t: {x: i64, y: bool}) = x
--                      ^ variable.other.member.futhark
--                          ^ variable.parameter.futhark
--                                          ^ variable.other.member.futhark
--                                             ^^^^ support.type.primitive.futhark

  type vec3 = (f32, f32, f32)
--^^^^ storage.type.futhark
--     ^^^^ entity.name.type.futhark
--             ^^^ support.type.primitive.futhark

  type^ fn 'a [n] = [n]a -> a
--    ^ storage.modifier.futhark
--      ^^ entity.name.type.futhark
--          ^ entity.name.type.parameter.futhark
--             ^ variable.parameter.size.futhark
--                          ^ entity.name.type.futhark

  type~ shape = #circle f32 | #rect f32 f32
--    ^ storage.modifier.futhark
--              ^^^^^^^ variable.other.enummember.constructor.futhark
--                          ^ keyword.operator.futhark

  module type Monoid = {
--^^^^^^ storage.type.futhark
--       ^^^^ storage.type.futhark
--            ^^^^^^ entity.name.type.module.futhark
    type t
--       ^ entity.name.type.futhark
    val op : t -> t -> t
--  ^^^ storage.type.futhark
--      ^^ entity.name.function.futhark
--                ^ entity.name.type.futhark
    val (<+>) : t -> t -> t
--       ^^^ entity.name.function.futhark
  }

  module Sum (M: Monoid) : Monoid with t = M.t = {
--^^^^^^ storage.type.futhark
--       ^^^ entity.name.namespace.futhark
--                         ^^^^^^ entity.name.type.futhark
--                                ^^^^ keyword.other.futhark
--                                         ^ entity.name.namespace.futhark
--                                           ^ entity.name.type.futhark
    open M
--  ^^^^ keyword.control.import.futhark
    local def helper = 0
--  ^^^^^ storage.modifier.futhark
--        ^^^ storage.type.futhark
--            ^^^^^^ entity.name.function.futhark
  }

  module type Group = {
    include Monoid
--  ^^^^^^^ keyword.control.import.futhark
--          ^^^^^^ - entity.name.type.module.futhark
    val neg : t -> t
  }

  import "lib/github.com/diku-dk/sorts/radix_sort"
--^^^^^^ keyword.control.import.futhark
--       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ string.quoted.double.futhark
