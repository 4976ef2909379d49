// A read-only YAML tree built from libyaml's events: the subset of yaml-cpp's
// Node interface the readers use, with the same types, marks, tags and
// conversions, at a fraction of yaml-cpp's parse time and memory (a 50 MB
// cluster dump, docs/performance.md).
#ifndef AMPCHECK_YAML_NODE_H_
#define AMPCHECK_YAML_NODE_H_

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace ampcheck::yaml {

// Where a node starts in its document, 0-based; all -1 when unknown.
struct Mark {
  int pos = -1;
  int line = -1;
  int column = -1;
  bool is_null() const { return pos == -1 && line == -1 && column == -1; }
};

struct NodeType {
  enum value { Undefined, Null, Scalar, Sequence, Map };
};

// A parse error, or a value that does not convert (yaml-cpp's exceptions).
class Exception : public std::runtime_error {
 public:
  Exception(Mark mark_, std::string msg_)
      : std::runtime_error(msg_), mark(mark_), msg(std::move(msg_)) {}
  Mark mark;
  std::string msg;
};

namespace detail {
struct NodeData;
struct Document;
}  // namespace detail

class Iterator;
struct ExpansionLimits;

class Node {
 public:
  // A null node, as yaml-cpp's default Node is (defined, of type Null).
  Node();
  // An undefined node (a missing key), or an empty one to push_back onto.
  explicit Node(NodeType::value type);

  NodeType::value Type() const;
  bool IsDefined() const { return data_ != nullptr; }
  bool IsNull() const { return Type() == NodeType::Null; }
  bool IsScalar() const { return Type() == NodeType::Scalar; }
  bool IsSequence() const { return Type() == NodeType::Sequence; }
  bool IsMap() const { return Type() == NodeType::Map; }
  explicit operator bool() const { return IsDefined(); }
  bool operator!() const { return !IsDefined(); }

  ::ampcheck::yaml::Mark Mark() const;
  // The scalar's text; empty for anything else (a null's text too).
  const std::string& Scalar() const;
  // "?" for a plain node without a tag, "!" for a quoted or block scalar
  // without one, the resolved tag otherwise ("tag:yaml.org,2002:str"); empty
  // for a null, as yaml-cpp gives them.
  const std::string& Tag() const;
  // Items of a sequence, pairs of a map, 0 for anything else.
  std::size_t size() const;

  // The value of the first key equal to `key` (a scalar key), or an undefined
  // node; never throws, whatever this node is.
  Node operator[](std::string_view key) const;
  Node operator[](const char* key) const {
    return (*this)[std::string_view(key)];
  }
  Node operator[](const std::string& key) const {
    return (*this)[std::string_view(key)];
  }
  // A sequence's item, or an undefined node.
  template <typename Index,
            typename = std::enable_if_t<std::is_integral_v<Index>>>
  Node operator[](Index index) const {
    return Item(static_cast<long long>(index));
  }

  // Appends to a sequence made with Node(NodeType::Sequence).
  void push_back(const Node& item);

  // yaml-cpp's conversions: std::string (a null reads "null"), bool ("y",
  // "yes", "true", "on" and their negations, in one case), double, long long
  // and int. as<T>() throws Exception when the value does not convert.
  template <typename T>
  T as() const;
  template <typename T>
  T as(const T& fallback) const;

  Iterator begin() const;
  Iterator end() const;

 private:
  friend class Iterator;
  friend class Loader;
  friend bool FitsExpanded(const Node& root, const ExpansionLimits& limits);
  Node(const detail::NodeData* data,
       std::shared_ptr<const detail::Document> doc)
      : data_(data), doc_(std::move(doc)) {}
  Node Item(long long index) const;

  const detail::NodeData* data_;
  std::shared_ptr<const detail::Document> doc_;
};

template <>
std::string Node::as<std::string>() const;
template <>
bool Node::as<bool>() const;
template <>
double Node::as<double>() const;
template <>
long long Node::as<long long>() const;
template <>
int Node::as<int>() const;

// What an iterator yields: the item of a sequence (the Node part) or the key
// and value of a map (first, second), as yaml-cpp's iterator_value.
struct IteratorValue : public Node, public std::pair<Node, Node> {
  IteratorValue() : Node(NodeType::Undefined) {
    first = Node(NodeType::Undefined);
    second = Node(NodeType::Undefined);
  }
};

class Iterator {
 public:
  const IteratorValue& operator*() const;
  const IteratorValue* operator->() const { return &**this; }
  Iterator& operator++() {
    ++index_;
    return *this;
  }
  bool operator==(const Iterator& other) const {
    return data_ == other.data_ && index_ == other.index_;
  }
  bool operator!=(const Iterator& other) const { return !(*this == other); }

 private:
  friend class Node;
  Iterator(const Node& owner, std::size_t index)
      : data_(owner.data_), doc_(owner.doc_), index_(index) {}
  const detail::NodeData* data_;
  std::shared_ptr<const detail::Document> doc_;
  std::size_t index_;
  mutable IteratorValue value_;
};

// The first document of `text` (yaml-cpp's Load): a null node when there is
// none. Throws Exception with the line of a syntax error or of an alias to an
// anchor not defined before it.
Node Load(std::string_view text);
// The same for a file; throws Exception when it cannot be read.
Node LoadFile(const std::string& path);

// Limits on what a tree costs once its aliases are expanded, walked as often
// as they are used (which is what consumers of the tree pay).
struct ExpansionLimits {
  long long nodes = 0;
  // The tree written out flat, each scalar with its key path ("a.b.c: v"),
  // as application config is flattened: a few hundred bytes of nested
  // aliases can stay under the node limit and expand to gigabytes of keys.
  long long bytes = 0;
  int depth = 0;
};
// Whether `root` stays within `limits`; stops walking at the first excess.
// Walks the nodes themselves, not Node handles (each copy of a handle costs
// two atomic reference count updates).
bool FitsExpanded(const Node& root, const ExpansionLimits& limits);

}  // namespace ampcheck::yaml

#endif  // AMPCHECK_YAML_NODE_H_
