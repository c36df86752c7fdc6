// Python value -> tanbo value conversions (see convert.hpp).
#include "convert.hpp"

#include <climits>

namespace tanbo::python {

std::string type_name(py::handle obj) {
  return py::str(py::type::handle_of(obj).attr("__name__")).cast<std::string>();
}

namespace {

[[noreturn]] void bad_point_type(py::handle obj) {
  throw py::type_error("a point is a name such as 'A2', an (x, y) pair of ints or an int action, not " +
                       type_name(obj));
}

// One coordinate; false when it does not fit an int (the caller treats it as off the board).
// Checked on the full Python int before narrowing; a bool is not a coordinate.
bool coordinate(py::handle item, py::handle whole, int& out) {
  if (PyBool_Check(item.ptr())) throw py::type_error("a point pair holds two ints (x, y), not bool");
  PyObject* index = PyNumber_Index(item.ptr());
  if (index == nullptr) {
    PyErr_Clear();
    bad_point_type(whole);
  }
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
  Py_DECREF(index);
  if (overflow != 0 || v < INT_MIN || v > INT_MAX) return false;
  out = static_cast<int>(v);
  return true;
}

// The UTF-8 text of a str; unencodable characters (lone surrogates) become escapes, so such a
// string is reported as a bad name instead of failing the conversion.
std::string text_of(py::handle s) {
  const py::object b =
      py::reinterpret_steal<py::object>(PyUnicode_AsEncodedString(s.ptr(), "utf-8", "backslashreplace"));
  if (!b) throw py::error_already_set();
  return {PyBytes_AS_STRING(b.ptr()), static_cast<std::size_t>(PyBytes_GET_SIZE(b.ptr()))};
}

}  // namespace

Point to_point(py::handle obj, int size, PointUse use, std::string* huge) {
  if (PyUnicode_Check(obj.ptr())) {
    const std::string text = text_of(obj);
    if (use == PointUse::Move) return parse_point(text, size);
    // Any well-formed name (A-Z, rows 1-99) is a point, maybe off this board; 99 covers them all.
    if (auto p = try_parse_point(text, 99)) return *p;
    return parse_point(text, size);  // throws the ParseError
  }
  // Bytes-like objects are sequences of ints, but b'D1' is not the pair (68, 49).
  if (PyBytes_Check(obj.ptr()) || PyByteArray_Check(obj.ptr()) || PyMemoryView_Check(obj.ptr()) ||
      !PySequence_Check(obj.ptr()))
    bad_point_type(obj);
  const Py_ssize_t n = PySequence_Size(obj.ptr());
  if (n != 2) {
    PyErr_Clear();
    throw py::type_error("a point pair has 2 items (x, y), this " + type_name(obj) + " has " +
                         (n < 0 ? std::string("no length") : std::to_string(n)));
  }
  const py::object x = py::reinterpret_steal<py::object>(PySequence_GetItem(obj.ptr(), 0));
  const py::object y = py::reinterpret_steal<py::object>(PySequence_GetItem(obj.ptr(), 1));
  if (!x || !y) throw py::error_already_set();
  Point p;
  const bool fits_x = coordinate(x, obj, p.x);
  const bool fits_y = coordinate(y, obj, p.y);
  if (fits_x && fits_y) return p;
  if (huge != nullptr)
    *huge = "(" + py::str(x).cast<std::string>() + "," + py::str(y).cast<std::string>() + ")";
  return kFarAway;
}

std::optional<long long> to_action(py::handle obj) {
  if (PyBool_Check(obj.ptr())) throw py::type_error("a move is a point name, an (x, y) pair or an int action, not bool");
  if (PyUnicode_Check(obj.ptr()) || !PyIndex_Check(obj.ptr())) return std::nullopt;
  PyObject* index = PyNumber_Index(obj.ptr());
  if (index == nullptr) throw py::error_already_set();
  int overflow = 0;
  const long long v = PyLong_AsLongLongAndOverflow(index, &overflow);
  Py_DECREF(index);
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  return overflow != 0 ? LLONG_MIN : v;
}

Color to_color(py::handle obj, const char* what) {
  if (PyUnicode_Check(obj.ptr())) {
    const std::string s = text_of(obj);
    if (s == "X" || s == "x") return Color::Black;
    if (s == "O" || s == "o") return Color::White;
  }
  throw UsageError(std::string(what) + ": a colour is 'X' (Black) or 'O' (White), not " +
                   printable(text_of(py::repr(obj)), kQuotedTokenBytes));
}

std::uint64_t to_uint64(py::handle obj, std::uint64_t lo, std::uint64_t hi, const char* what) {
  // bool is an int subclass, but perft(True) is a mistake, not depth 1 (the error model).
  if (PyBool_Check(obj.ptr())) throw py::type_error(std::string(what) + " must be an int, not bool");
  PyObject* index = PyNumber_Index(obj.ptr());
  if (index == nullptr) {
    PyErr_Clear();
    throw py::type_error(std::string(what) + " must be an int, not " + type_name(obj));
  }
  const py::object value = py::reinterpret_steal<py::object>(index);
  const unsigned long long v = PyLong_AsUnsignedLongLong(value.ptr());
  if ((v == static_cast<unsigned long long>(-1) && PyErr_Occurred()) || v < lo || v > hi) {
    PyErr_Clear();  // negative or above 2**64-1: report the range instead
    throw UsageError(std::string(what) + " must be an int in [" + std::to_string(lo) + ", " +
                     std::to_string(hi) + "], not " + printable(py::str(value).cast<std::string>(), kQuotedTokenBytes));
  }
  return v;
}

}  // namespace tanbo::python
