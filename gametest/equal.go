package gametest

import (
	"reflect"
	"unsafe"
)

// sameBoard is reflect.DeepEqual, except that a nil slice or map equals an
// empty one. A board is data read from a file: a parser that makes an empty
// list with make and a generator that leaves it nil describe the same board,
// and every use of a board (len, range, writing it) treats them alike;
// everything else must be equal as DeepEqual has it, unexported fields too.
func sameBoard(a, b any) bool {
	return sameValue(reflect.ValueOf(a), reflect.ValueOf(b), map[visit]bool{})
}

// visit is a pair of pointers being compared, as in reflect.DeepEqual: a
// pair met again is taken as equal, so that cyclic data ends.
type visit struct {
	a, b unsafe.Pointer
	typ  reflect.Type
}

func sameValue(a, b reflect.Value, seen map[visit]bool) bool {
	if !a.IsValid() || !b.IsValid() {
		return a.IsValid() == b.IsValid()
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Slice, reflect.Map:
		if a.Len() != b.Len() {
			return false
		}
		if a.Len() == 0 || a.UnsafePointer() == b.UnsafePointer() {
			return true
		}
		if a.Kind() == reflect.Map {
			for _, k := range a.MapKeys() {
				bv := b.MapIndex(k)
				if !bv.IsValid() || !sameValue(a.MapIndex(k), bv, seen) {
					return false
				}
			}
			return true
		}
		fallthrough
	case reflect.Array:
		for i := range a.Len() {
			if !sameValue(a.Index(i), b.Index(i), seen) {
				return false
			}
		}
		return true
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		if a.UnsafePointer() == b.UnsafePointer() {
			return true
		}
		v := visit{a.UnsafePointer(), b.UnsafePointer(), a.Type()}
		if seen[v] {
			return true
		}
		seen[v] = true
		return sameValue(a.Elem(), b.Elem(), seen)
	case reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return sameValue(a.Elem(), b.Elem(), seen)
	case reflect.Struct:
		for i := range a.NumField() {
			if !sameValue(a.Field(i), b.Field(i), seen) {
				return false
			}
		}
		return true
	case reflect.Func:
		return a.IsNil() && b.IsNil() // as DeepEqual: functions are equal only when both are nil
	}
	return a.Equal(b) // booleans, numbers (NaN equals nothing), strings, channels
}
