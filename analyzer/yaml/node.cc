#include "analyzer/yaml/node.h"

#include <yaml.h>

#include <cctype>
#include <charconv>
#include <cmath>
#include <deque>
#include <fstream>
#include <limits>
#include <map>
#include <optional>
#include <sstream>

namespace ampcheck::yaml {
namespace detail {

struct NodeData {
  NodeType::value type = NodeType::Null;
  Mark mark;
  std::string scalar;
  const std::string* tag = nullptr;
  // A sequence's items; a map's keys and values, alternating.
  std::vector<const NodeData*> children;
};

// Owns a document's nodes; aliases point into the same document.
struct Document {
  std::deque<NodeData> nodes;
  std::deque<std::string> tags;
  // Documents whose nodes a pushed-back sequence refers to.
  std::vector<std::shared_ptr<const Document>> kept;
};

}  // namespace detail

namespace {

const std::string kEmpty;
const std::string kPlainTag = "?";
const std::string kNonPlainTag = "!";
const detail::NodeData kNullData;

// yaml-cpp's null scalars: plain, untagged, and one of these.
bool IsNullString(std::string_view s) {
  return s.empty() || s == "~" || s == "null" || s == "Null" || s == "NULL";
}

// yaml-cpp's booleans are in one case: all lower, all upper, or capitalised.
bool IsFlexibleCase(std::string_view s) {
  if (s.empty()) return true;
  bool first_upper = std::isupper(static_cast<unsigned char>(s[0]));
  bool rest_upper = true;
  bool rest_lower = true;
  for (size_t i = 1; i < s.size(); ++i) {
    unsigned char c = s[i];
    if (std::isupper(c)) rest_lower = false;
    if (std::islower(c)) rest_upper = false;
  }
  return first_upper ? (rest_upper || rest_lower) : rest_lower;
}

std::optional<bool> ToBool(const std::string& s) {
  if (!IsFlexibleCase(s)) return std::nullopt;
  std::string lower;
  for (unsigned char c : s) lower += static_cast<char>(std::tolower(c));
  if (lower == "y" || lower == "yes" || lower == "true" || lower == "on")
    return true;
  if (lower == "n" || lower == "no" || lower == "false" || lower == "off")
    return false;
  return std::nullopt;
}

std::optional<double> ToDouble(const std::string& s) {
  if (s == ".inf" || s == ".Inf" || s == ".INF" || s == "+.inf" ||
      s == "+.Inf" || s == "+.INF")
    return std::numeric_limits<double>::infinity();
  if (s == "-.inf" || s == "-.Inf" || s == "-.INF")
    return -std::numeric_limits<double>::infinity();
  if (s == ".nan" || s == ".NaN" || s == ".NAN")
    return std::numeric_limits<double>::quiet_NaN();
  std::string_view text = s;
  if (!text.empty() && text[0] == '+') text.remove_prefix(1);
  double value = 0;
  auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || text.empty()) return std::nullopt;
  for (const char* p = end; p != text.data() + text.size(); ++p) {
    if (!std::isspace(static_cast<unsigned char>(*p))) return std::nullopt;
  }
  return value;
}

std::optional<long long> ToInteger(const std::string& s) {
  std::string_view text = s;
  if (!text.empty() && text[0] == '+') text.remove_prefix(1);
  long long value = 0;
  auto [end, ec] =
      std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || text.empty() || end != text.data() + text.size())
    return std::nullopt;
  return value;
}

Exception BadConversion(const Node& node, const char* type) {
  return Exception(node.Mark(), std::string("bad conversion to ") + type);
}

}  // namespace

Node::Node() : data_(&kNullData) {}

Node::Node(NodeType::value type) : data_(nullptr) {
  if (type == NodeType::Undefined) return;
  auto doc = std::make_shared<detail::Document>();
  detail::NodeData& data = doc->nodes.emplace_back();
  data.type = type;
  data.tag = type == NodeType::Null ? &kEmpty : &kPlainTag;
  data_ = &data;
  doc_ = std::move(doc);
}

NodeType::value Node::Type() const {
  return data_ ? data_->type : NodeType::Undefined;
}

Mark Node::Mark() const { return data_ ? data_->mark : yaml::Mark(); }

const std::string& Node::Scalar() const {
  return data_ ? data_->scalar : kEmpty;
}

const std::string& Node::Tag() const {
  return data_ && data_->tag ? *data_->tag : kEmpty;
}

std::size_t Node::size() const {
  if (!data_) return 0;
  if (data_->type == NodeType::Sequence) return data_->children.size();
  if (data_->type == NodeType::Map) return data_->children.size() / 2;
  return 0;
}

Node Node::operator[](std::string_view key) const {
  if (data_ && data_->type == NodeType::Map) {
    const auto& children = data_->children;
    for (size_t i = 0; i + 1 < children.size(); i += 2) {
      const detail::NodeData* k = children[i];
      if (k->type == NodeType::Scalar && k->scalar == key)
        return Node(children[i + 1], doc_);
    }
  }
  return Node(NodeType::Undefined);
}

Node Node::Item(long long index) const {
  if (data_ && data_->type == NodeType::Sequence && index >= 0 &&
      static_cast<size_t>(index) < data_->children.size())
    return Node(data_->children[index], doc_);
  if (data_ && data_->type == NodeType::Map)
    return (*this)[std::to_string(index)];
  return Node(NodeType::Undefined);
}

void Node::push_back(const Node& item) {
  // Only a sequence made by Node(NodeType::Sequence) is writable: it owns
  // its document alone.
  if (!data_ || data_->type != NodeType::Sequence || !doc_ ||
      doc_->nodes.size() != 1 || &doc_->nodes.front() != data_)
    throw Exception(Mark(), "push_back onto a node that is not a new sequence");
  auto* doc = const_cast<detail::Document*>(doc_.get());
  auto* data = const_cast<detail::NodeData*>(data_);
  if (!item.data_) return;
  if (item.doc_) doc->kept.push_back(item.doc_);
  data->children.push_back(item.data_);
}

template <>
std::string Node::as<std::string>() const {
  if (IsNull()) return "null";
  if (!IsScalar()) throw BadConversion(*this, "string");
  return Scalar();
}
template <>
bool Node::as<bool>() const {
  std::optional<bool> value = IsScalar() ? ToBool(Scalar()) : std::nullopt;
  if (!value) throw BadConversion(*this, "bool");
  return *value;
}
template <>
double Node::as<double>() const {
  std::optional<double> value = IsScalar() ? ToDouble(Scalar()) : std::nullopt;
  if (!value) throw BadConversion(*this, "double");
  return *value;
}
template <>
long long Node::as<long long>() const {
  std::optional<long long> value =
      IsScalar() ? ToInteger(Scalar()) : std::nullopt;
  if (!value) throw BadConversion(*this, "integer");
  return *value;
}
template <>
int Node::as<int>() const {
  long long value = as<long long>();
  if (value < std::numeric_limits<int>::min() ||
      value > std::numeric_limits<int>::max())
    throw BadConversion(*this, "int");
  return static_cast<int>(value);
}

template <typename T>
T Node::as(const T& fallback) const {
  if (!IsDefined()) return fallback;
  try {
    return as<T>();
  } catch (const Exception&) {
    return fallback;
  }
}
template std::string Node::as<std::string>(const std::string&) const;
template bool Node::as<bool>(const bool&) const;
template double Node::as<double>(const double&) const;
template long long Node::as<long long>(const long long&) const;
template int Node::as<int>(const int&) const;

Iterator Node::begin() const { return Iterator(*this, 0); }

Iterator Node::end() const {
  if (!data_) return Iterator(*this, 0);
  size_t count = data_->type == NodeType::Sequence ? data_->children.size()
                 : data_->type == NodeType::Map    ? data_->children.size() / 2
                                                   : 0;
  return Iterator(*this, count);
}

const IteratorValue& Iterator::operator*() const {
  if (data_->type == NodeType::Sequence) {
    static_cast<Node&>(value_) = Node(data_->children[index_], doc_);
  } else {
    value_.first = Node(data_->children[2 * index_], doc_);
    value_.second = Node(data_->children[2 * index_ + 1], doc_);
  }
  return value_;
}

// Builds the tree of the first document from libyaml's events.
class Loader {
 public:
  explicit Loader(std::string_view text) : text_(text) {
    yaml_parser_initialize(&parser_);
    yaml_parser_set_input_string(
        &parser_, reinterpret_cast<const unsigned char*>(text.data()),
        text.size());
  }
  ~Loader() { yaml_parser_delete(&parser_); }
  Loader(const Loader&) = delete;
  Loader& operator=(const Loader&) = delete;

  Node Run();

 private:
  struct Event {
    yaml_event_t event;
    ~Event() { yaml_event_delete(&event); }
  };
  [[noreturn]] void Fail();
  const std::string* TagOf(const yaml_char_t* tag, bool non_plain);
  detail::NodeData* NewNode(NodeType::value type, const yaml_mark_t& mark,
                            const yaml_char_t* anchor);
  void Add(const detail::NodeData* node);

  std::string_view text_;
  yaml_parser_t parser_;
  std::shared_ptr<detail::Document> doc_ = std::make_shared<detail::Document>();
  std::map<std::string, const detail::NodeData*, std::less<>> anchors_;
  std::vector<detail::NodeData*> open_;
  const detail::NodeData* root_ = nullptr;
};

void Loader::Fail() {
  yaml::Mark mark;
  mark.pos = static_cast<int>(parser_.problem_mark.index);
  mark.line = static_cast<int>(parser_.problem_mark.line);
  mark.column = static_cast<int>(parser_.problem_mark.column);
  std::string msg = parser_.problem ? parser_.problem : "invalid YAML";
  if (parser_.context) msg += " (" + std::string(parser_.context) + ")";
  throw Exception(mark, msg);
}

const std::string* Loader::TagOf(const yaml_char_t* tag, bool non_plain) {
  if (!tag) return non_plain ? &kNonPlainTag : &kPlainTag;
  std::string_view text(reinterpret_cast<const char*>(tag));
  if (text == "!") return &kNonPlainTag;
  return &doc_->tags.emplace_back(text);
}

detail::NodeData* Loader::NewNode(NodeType::value type, const yaml_mark_t& mark,
                                  const yaml_char_t* anchor) {
  detail::NodeData& node = doc_->nodes.emplace_back();
  node.type = type;
  node.mark.pos = static_cast<int>(mark.index);
  node.mark.line = static_cast<int>(mark.line);
  node.mark.column = static_cast<int>(mark.column);
  // Registered before its children: an alias inside the node is a cycle,
  // which the readers' expansion budget refuses, as with yaml-cpp.
  if (anchor) anchors_[reinterpret_cast<const char*>(anchor)] = &node;
  return &node;
}

void Loader::Add(const detail::NodeData* node) {
  if (open_.empty()) {
    if (!root_) root_ = node;
    return;
  }
  open_.back()->children.push_back(node);
}

Node Loader::Run() {
  for (;;) {
    Event e;
    if (!yaml_parser_parse(&parser_, &e.event)) Fail();
    const yaml_event_t& event = e.event;
    switch (event.type) {
      case YAML_STREAM_END_EVENT:
        return root_ ? Node(root_, doc_) : Node();
      case YAML_DOCUMENT_END_EVENT:
        if (root_) return Node(root_, doc_);
        break;
      case YAML_ALIAS_EVENT: {
        auto it = anchors_.find(
            reinterpret_cast<const char*>(event.data.alias.anchor));
        if (it == anchors_.end()) {
          yaml::Mark mark;
          mark.pos = static_cast<int>(event.start_mark.index);
          mark.line = static_cast<int>(event.start_mark.line);
          mark.column = static_cast<int>(event.start_mark.column);
          throw Exception(mark, "the referenced anchor is not defined");
        }
        Add(it->second);
        break;
      }
      case YAML_SCALAR_EVENT: {
        const auto& s = event.data.scalar;
        std::string_view value(reinterpret_cast<const char*>(s.value),
                               s.length);
        bool plain = s.style == YAML_PLAIN_SCALAR_STYLE;
        bool null = plain && !s.tag && IsNullString(value);
        detail::NodeData* node =
            NewNode(null ? NodeType::Null : NodeType::Scalar, event.start_mark,
                    s.anchor);
        if (null) {
          node->tag = &kEmpty;
        } else {
          node->scalar.assign(value);
          node->tag = TagOf(s.tag, !plain);
        }
        Add(node);
        break;
      }
      case YAML_SEQUENCE_START_EVENT:
      case YAML_MAPPING_START_EVENT: {
        bool sequence = event.type == YAML_SEQUENCE_START_EVENT;
        const yaml_char_t* anchor = sequence ? event.data.sequence_start.anchor
                                             : event.data.mapping_start.anchor;
        const yaml_char_t* tag = sequence ? event.data.sequence_start.tag
                                          : event.data.mapping_start.tag;
        detail::NodeData* node =
            NewNode(sequence ? NodeType::Sequence : NodeType::Map,
                    event.start_mark, anchor);
        node->tag = TagOf(tag, false);
        Add(node);
        open_.push_back(node);
        break;
      }
      case YAML_SEQUENCE_END_EVENT:
      case YAML_MAPPING_END_EVENT:
        open_.pop_back();
        break;
      default:
        break;
    }
  }
}

namespace {

// The length of the UTF-8 sequence at text[i], or 0 when it is not one.
size_t Utf8Length(std::string_view text, size_t i) {
  unsigned char c = text[i];
  if (c < 0x80) return 1;
  size_t length = (c & 0xE0) == 0xC0   ? 2
                  : (c & 0xF0) == 0xE0 ? 3
                  : (c & 0xF8) == 0xF0 ? 4
                                       : 0;
  if (length == 0 || c == 0xC0 || c == 0xC1 || c > 0xF4 ||
      i + length > text.size())
    return 0;
  for (size_t k = 1; k < length; ++k) {
    if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return 0;
  }
  return length;
}

// libyaml refuses bytes that are not UTF-8; yaml-cpp passed them through,
// and a Latin-1 comment or value in a repository should not cost its
// document. Such bytes are read as Latin-1 (U+0080 to U+00FF); lines do not
// move.
std::optional<std::string> Latin1AsUtf8(std::string_view text) {
  size_t i = 0;
  while (i < text.size()) {
    size_t length = Utf8Length(text, i);
    if (length == 0) break;
    i += length;
  }
  if (i == text.size()) return std::nullopt;
  std::string out(text.substr(0, i));
  while (i < text.size()) {
    size_t length = Utf8Length(text, i);
    if (length == 0) {
      unsigned char c = text[i];
      out += static_cast<char>(0xC0 | (c >> 6));
      out += static_cast<char>(0x80 | (c & 0x3F));
      ++i;
    } else {
      out.append(text.substr(i, length));
      i += length;
    }
  }
  return out;
}

}  // namespace

namespace {

struct ExpansionLeft {
  long long nodes;
  long long bytes;
  int max_depth;
};

// Key paths as ExpansionLimits::bytes counts them: "key." in a map, "[n]" in
// a sequence.
bool Fits(const detail::NodeData* node, ExpansionLeft* left, int depth,
          long long path_bytes) {
  if (--left->nodes < 0 || depth > left->max_depth) return false;
  if (node->type == NodeType::Scalar) {
    left->bytes -= path_bytes + static_cast<long long>(node->scalar.size());
    return left->bytes >= 0;
  }
  const std::vector<const detail::NodeData*>& children = node->children;
  if (node->type == NodeType::Map) {
    for (size_t i = 0; i + 1 < children.size(); i += 2) {
      const detail::NodeData* key = children[i];
      long long key_bytes = key->type == NodeType::Scalar
                                ? static_cast<long long>(key->scalar.size()) + 1
                                : 1;
      if (!Fits(key, left, depth + 1, path_bytes) ||
          !Fits(children[i + 1], left, depth + 1, path_bytes + key_bytes))
        return false;
    }
  } else if (node->type == NodeType::Sequence) {
    for (const detail::NodeData* item : children) {
      if (!Fits(item, left, depth + 1, path_bytes + 3)) return false;
    }
  }
  return true;
}

}  // namespace

bool FitsExpanded(const Node& root, const ExpansionLimits& limits) {
  if (!root.data_) return true;
  ExpansionLeft left{limits.nodes, limits.bytes, limits.depth};
  return Fits(root.data_, &left, 0, 0);
}

Node Load(std::string_view text) {
  if (std::optional<std::string> utf8 = Latin1AsUtf8(text))
    return Loader(*utf8).Run();
  return Loader(text).Run();
}

Node LoadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Exception(yaml::Mark(), "bad file: " + path);
  std::ostringstream text;
  text << in.rdbuf();
  return Load(text.str());
}

}  // namespace ampcheck::yaml
